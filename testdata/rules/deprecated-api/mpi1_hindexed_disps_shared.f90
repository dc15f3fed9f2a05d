! deprecated-api: MPI-1 MPI_TYPE_HINDEXED and MPI_TYPE_HVECTOR (removed in
! MPI-3.0) whose displacements and stride are default INTEGERs the fix must
! not redeclare on its own: `disps` is filled by a subroutine whose dummy
! argument is a default INTEGER array, and `stride` is a dummy argument
! (its actual arguments are the callers').  The findings say what to change
! and carry no fix that applies.
program mpi1_hindexed_shared
  use mpi
  implicit none
  integer, parameter :: n = 4
  real(kind=8) :: a(64), b(16)
  integer :: lens(n), disps(n), itype, rank, ierr
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  a = 1.0d0
  lens = 4
  call diagonal_blocks(disps, n)
  call MPI_TYPE_HINDEXED(n, lens, disps, MPI_DOUBLE_PRECISION, itype, ierr) ! expect: deprecated-api
  call MPI_TYPE_COMMIT(itype, ierr)
  call MPI_SENDRECV(a, 1, itype, rank, 0, b, 16, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, status, ierr)
  call MPI_TYPE_FREE(itype, ierr)
  call send_column(a, 16 * 8, rank)
  call MPI_FINALIZE(ierr)
end program mpi1_hindexed_shared

! Blocks of 4 elements starting at a(1), a(18), a(35), a(52): byte offsets.
subroutine diagonal_blocks(disps, n)
  implicit none
  integer :: n
  integer :: disps(n)
  integer :: i
  do i = 1, n
    disps(i) = (i - 1) * 17 * 8
  end do
end subroutine diagonal_blocks

! Every 16th element of a, 4 of them, sent to this rank.
subroutine send_column(a, stride, rank)
  use mpi
  implicit none
  real(kind=8) :: a(64), c(4)
  integer :: stride, rank
  integer :: ctype, ierr
  integer :: status(MPI_STATUS_SIZE)
  call MPI_TYPE_HVECTOR(4, 1, stride, MPI_DOUBLE_PRECISION, ctype, ierr) ! expect: deprecated-api
  call MPI_TYPE_COMMIT(ctype, ierr)
  call MPI_SENDRECV(a, 1, ctype, rank, 1, c, 4, MPI_DOUBLE_PRECISION, rank, 1, MPI_COMM_WORLD, status, ierr)
  call MPI_TYPE_FREE(ctype, ierr)
end subroutine send_column
