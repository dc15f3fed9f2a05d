! Resized bounds written as literals of kind MPI_ADDRESS_KIND (0_MPI_ADDRESS_KIND).
program literal_kind
  use mpi
  implicit none
  integer :: vec, cols, ierr
  call MPI_Init(ierr)
  call MPI_Type_vector(6, 1, 10, MPI_INTEGER, vec, ierr)
  call MPI_Type_create_resized(vec, 0_MPI_ADDRESS_KIND, 4_MPI_ADDRESS_KIND, cols, ierr)
  call MPI_Type_commit(cols, ierr)
  call MPI_Type_free(cols, ierr)
  call MPI_Type_free(vec, ierr)
  call MPI_Finalize(ierr)
end program literal_kind
