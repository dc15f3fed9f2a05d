! A CHARACTER(LEN=n) buffer sent as n MPI_CHARACTER elements (the standard idiom), and a
! contiguous type of the same n characters.
program char_len_buffer
  use mpi
  implicit none
  integer, parameter :: n = 40
  character(len=n) :: line, copy
  integer :: linetype, rank, ierr
  integer :: status(MPI_STATUS_SIZE)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  line = 'halo exchange configuration'
  call MPI_Sendrecv(line, n, MPI_CHARACTER, rank, 0, copy, n, MPI_CHARACTER, rank, 0, &
                    MPI_COMM_WORLD, status, ierr)
  call MPI_Type_contiguous(n, MPI_CHARACTER, linetype, ierr)
  call MPI_Type_commit(linetype, ierr)
  call MPI_Sendrecv(line, 1, linetype, rank, 1, copy, 1, linetype, rank, 1, &
                    MPI_COMM_WORLD, status, ierr)
  call MPI_Type_free(linetype, ierr)
  call MPI_Finalize(ierr)
end program char_len_buffer
