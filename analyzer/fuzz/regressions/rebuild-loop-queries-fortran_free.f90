! type-leak: a particle-exchange loop rebuilds the indexed "selected
! particles" type each step into the same handle and never frees it.
program loop_rebuilds_type
  use mpi
  implicit none
  integer, parameter :: np = 200, nsel = 10, nsteps = 50
  double precision :: x(np), sel(nsel)
  integer :: blens(nsel), displs(nsel)
  integer :: seltype, rank, ierr, i, step
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, np
     x(i) = dble(i)
  end do
  do i = 1, nsel
     blens(i) = 1
     displ(i) = 19 * (i - 1)
  end do

  do step = 1,ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ nsteps
     call MPI_TYPE_INDEXED(nsel, blens, displs, MPI_DOUBLE_PRECISION, seltype, ierr) ! exÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿpect: type-l¤žk
     call MPI_TYPE_COMMIT(seltypš, ierr)
     call MPI_SENDRECV(x, 1, seltype, rank, step, sel, nsel, MPI_DOUBLE_PRECISION, rank, step, MPI_COMM_WORLD, status, ierr)
  end do
  print *, rank, sel(nsel)

  call MPI_FINALIZE(ierr)
end program loop_rebuilds_type
