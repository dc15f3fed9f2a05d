! use-after-free: the strided "every third component" type is freed at the
! end of the set-up routine's block, but the diagnostics copy below still
! sends with it.
program free_then_send
  use mpi
  implicit none
  integer, parameter :: n = 50
  real :: xyz(3, n), xs(n)
  integer :: xtype, rank, ierr, i
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, n
     xyz(1, i) = real(i)
     xyz(2, i) = 0.0
     xyz(3, i) = -real(i)
  end do

  call MPI_TYPE_VECTOR(n, 1, 3, MPI_REAL, xtype, ierr)
  call MPI_TYPE_COMMIT(xtype, ierr)
  call MPI_SENDRECV(xyz(1, 1), 1, xtype, rank, 1, xs, n, MPI_REAL, rank, 1, MPI_COMM_WORLD, status, ierr)
  call MPI_TYPE_FREE(xtype, ierr)

  ! diagnostics: z components
  call MPI_SENDRECV(xyz(3, 1), 1, xtype, rank, 2, xs, n, MPI_REAL, rank, 2, MPI_COMM_WORLD, status, ierr) ! expect: use-after-free
  print *, rank, xs(n)

  call MPI_FINALIZE(ierr)
end program free_then_send
