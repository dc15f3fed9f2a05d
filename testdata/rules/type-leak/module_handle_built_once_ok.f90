! Not a finding: the particle type is kept in a module variable, built by the first exchange and
! freed once at the end of the run.
module particle_exchange
  use mpi
  implicit none
  integer :: particle_type = MPI_DATATYPE_NULL
contains
  subroutine send_particles(p, np, dest)
    integer, intent(in) :: np, dest
    double precision, intent(in) :: p(4, np)
    integer :: ierr

    if (particle_type == MPI_DATATYPE_NULL) then
      call MPI_TYPE_CONTIGUOUS(4, MPI_DOUBLE_PRECISION, particle_type, ierr)
      call MPI_TYPE_COMMIT(particle_type, ierr)
    end if
    call MPI_SEND(p, np, particle_type, dest, 0, MPI_COMM_WORLD, ierr)
  end subroutine send_particles
end module particle_exchange

program module_handle_built_once
  use mpi
  use particle_exchange
  implicit none
  integer, parameter :: np = 8, nsteps = 5
  double precision :: p(4, np), q(4, np)
  integer :: rank, ierr, step
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  p = 0.0d0
  do step = 1, nsteps
    if (rank == 0) then
      call send_particles(p, np, 1)
    else if (rank == 1) then
      call MPI_RECV(q, 4*np, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, status, ierr)
    end if
  end do
  if (particle_type /= MPI_DATATYPE_NULL) call MPI_TYPE_FREE(particle_type, ierr)
  call MPI_FINALIZE(ierr)
end program module_handle_built_once
