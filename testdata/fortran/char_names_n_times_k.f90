! An array of k CHARACTER(LEN=n) names broadcast as n*k MPI_CHARACTER, then as k elements of
! a contiguous type of n characters.
program char_names
  use mpi
  implicit none
  integer, parameter :: namelen = 16, nvars = 5
  character(len=namelen) :: names(nvars)
  integer :: nametype, ierr
  call MPI_Init(ierr)
  names = 'temperature'
  call MPI_Bcast(names, namelen*nvars, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_contiguous(namelen, MPI_CHARACTER, nametype, ierr)
  call MPI_Type_commit(nametype, ierr)
  call MPI_Bcast(names, nvars, nametype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(nametype, ierr)
  call MPI_Finalize(ierr)
end program char_names
