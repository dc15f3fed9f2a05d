! mpi_f08: a struct of an integer and a real(8) resized to the padded size of a BIND(C)
! record, given as an expression of C_SIZEOF.
program resized_struct_f08
  use mpi_f08
  use iso_c_binding, only: c_int, c_double, c_sizeof
  implicit none
  type, bind(c) :: rec
     integer(c_int) :: tag
     real(c_double) :: val
  end type rec
  type(rec) :: r(3)
  type(MPI_Datatype) :: raw, rectype
  integer :: blocks(2)
  integer(kind=MPI_ADDRESS_KIND) :: displs(2), lb, extent
  type(MPI_Datatype) :: types(2)
  call MPI_Init()
  blocks = 1
  displs = [0_MPI_ADDRESS_KIND, 8_MPI_ADDRESS_KIND]
  types = [MPI_INTEGER, MPI_DOUBLE_PRECISION]
  call MPI_Type_create_struct(2, blocks, displs, types, raw)
  lb = 0
  extent = c_sizeof(r(1))
  call MPI_Type_create_resized(raw, lb, extent, rectype)
  call MPI_Type_commit(rectype)
  r%tag = 0
  call MPI_Bcast(r, 3, rectype, 0, MPI_COMM_WORLD)
  call MPI_Type_free(rectype)
  call MPI_Type_free(raw)
  call MPI_Finalize()
end program resized_struct_f08
