! buffer-type-mismatch: the solver was switched to real(8) through a kind
! parameter, but the broadcast of the boundary values still names MPI_REAL
! (4-byte reals): only half of the bytes move, as garbage singles.
program real8_as_mpi_real
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

  call MPI_BCAST(bval, n, MPI_REAL, 0, MPI_COMM_WORLD, ierr) ! expect: buffer-type-mismatch
  print *, rank, bval(n)

  call MPI_FINALIZE(ierr)
end program real8_as_mpi_real
