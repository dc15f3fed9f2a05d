! mpi_f08 handles compared and duplicated: a dup of a committed vector, both freed.
program f08_dup
  use mpi_f08
  implicit none
  type(MPI_Datatype) :: vec, copy
  call MPI_Init()
  call MPI_Type_vector(5, 3, 7, MPI_INTEGER, vec)
  call MPI_Type_commit(vec)
  call MPI_Type_dup(vec, copy)
  if (copy /= MPI_DATATYPE_NULL) call MPI_Type_free(copy)
  call MPI_Type_free(vec)
  call MPI_Finalize()
end program f08_dup
