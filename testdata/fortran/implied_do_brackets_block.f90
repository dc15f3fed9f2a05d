! Square-bracket array constructors with implied-DO for an indexed-block type.
program implied_brackets
  use mpi
  implicit none
  integer, parameter :: nb = 4
  integer :: j, starts(nb), blocktype, ierr
  integer(kind=8) :: ids(40)
  call MPI_Init(ierr)
  starts = [(10*j + 1, j = 0, nb - 1)]
  ids = 0_8
  call MPI_Type_create_indexed_block(nb, 3, starts, MPI_INTEGER8, blocktype, ierr)
  call MPI_Type_commit(blocktype, ierr)
  call MPI_Bcast(ids, 1, blocktype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(blocktype, ierr)
  call MPI_Finalize(ierr)
end program implied_brackets
