! A SEQUENCE type measured with storage_size and c_sizeof; kinds from iso_fortran_env.
program seqtype
  use mpi
  use iso_fortran_env, only: int32, real64
  use iso_c_binding, only: c_sizeof, c_double
  implicit none
  type cell
     sequence
     real(real64) :: v(4)
     integer(int32) :: flag
     integer(int32) :: pad
  end type cell
  type(cell) :: c(8)
  real(c_double) :: x
  integer :: ierr, t1, t2, t3, nbytes
  integer(kind=MPI_ADDRESS_KIND) :: stride
  call MPI_Init(ierr)
  nbytes = storage_size(c(1)) / 8
  call MPI_Type_contiguous(nbytes, MPI_BYTE, t1, ierr)
  stride = c_sizeof(x) * 4
  call MPI_Type_create_hvector(8, 4, stride, MPI_REAL8, t2, ierr)
  call MPI_Type_vector(2, 1, size(c), MPI_INTEGER4, t3, ierr)
  call MPI_Finalize(ierr)
end program seqtype
