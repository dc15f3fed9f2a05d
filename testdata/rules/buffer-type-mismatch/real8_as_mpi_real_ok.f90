! buffer-type-mismatch, corrected twin of real8_as_mpi_real.f90: the real(8)
! boundary values are broadcast as MPI_DOUBLE_PRECISION.
program real8_as_mpi_real_ok
  use mpi
  implicit none
  integer, parameter :: dp = 8, n = 48
  real(dp) :: bval(n)
  integer :: rank, ierr, i

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
     do i = 1, n
        bval(i) = 0.5_dp * i
     end do
  end if

  call MPI_BCAST(bval, n, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  print *, rank, bval(n)

  call MPI_FINALIZE(ierr)
end program real8_as_mpi_real_ok
