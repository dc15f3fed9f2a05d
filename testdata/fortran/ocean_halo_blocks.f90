! Ocean-model halo update (POP/MOM style): blocks of nx_block x ny_block with nghost ghost
! cells; east-west ghosts are a vector, north-south ghosts contiguous rows.
program ocean_halo
  use mpi
  implicit none
  integer, parameter :: nx_block = 40, ny_block = 30, nghost = 2, max_blocks = 3
  real(kind=8) :: array(nx_block, ny_block, max_blocks)
  integer :: ew_type, ns_type, ierr
  call MPI_Init(ierr)
  array = 0.0d0
  call MPI_Type_vector(ny_block, nghost, nx_block, MPI_DOUBLE_PRECISION, ew_type, ierr)
  call MPI_Type_contiguous(nx_block*nghost, MPI_DOUBLE_PRECISION, ns_type, ierr)
  call MPI_Type_commit(ew_type, ierr)
  call MPI_Type_commit(ns_type, ierr)
  call MPI_Bcast(array, 1, ew_type, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(ew_type, ierr)
  call MPI_Type_free(ns_type, ierr)
  call MPI_Finalize(ierr)
end program ocean_halo
