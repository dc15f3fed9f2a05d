! Grid sizes and the working kind in a module of the same file, used by the program.
module grid_params
  implicit none
  integer, parameter :: wp = selected_real_kind(12)
  integer, parameter :: nx = 24, ny = 18, nghost = 1
end module grid_params

program module_params
  use mpi
  use grid_params
  implicit none
  real(wp) :: f(1-nghost:nx+nghost, 1-nghost:ny+nghost)
  integer :: edge, ierr
  call MPI_Init(ierr)
  f = 0.0_wp
  call MPI_Type_vector(ny, nghost, nx + 2*nghost, MPI_DOUBLE_PRECISION, edge, ierr)
  call MPI_Type_commit(edge, ierr)
  call MPI_Bcast(f, 1, edge, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(edge, ierr)
  call MPI_Finalize(ierr)
end program module_params
