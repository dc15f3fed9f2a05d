! 2decomp-style halo exchange types: subarrays of a local block with explicit bounds.
module halo_types
  use mpi
  implicit none
  integer, parameter :: nx = 64, ny = 48, nh = 2
  integer :: east_west, north_south
contains
  subroutine create_halo_types()
    integer :: sizes(2), subsizes(2), starts(2), ierr
    sizes = (/ nx + 2*nh, ny + 2*nh /)
    subsizes = (/ nh, ny /)
    starts = (/ 0, nh /)
    call MPI_Type_create_subarray(2, sizes, subsizes, starts, &
         MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, east_west, ierr)
    call MPI_Type_commit(east_west, ierr)
    subsizes = [nx, nh]
    starts = [nh, 0]
    call MPI_Type_create_subarray(2, sizes, subsizes, starts, &
         MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, north_south, ierr)
    call MPI_Type_commit(north_south, ierr)
  end subroutine create_halo_types
end module halo_types

program halo
  use mpi
  use halo_types
  implicit none
  integer :: ierr
  double precision :: u(1-nh:nx+nh, 1-nh:ny+nh)
  call MPI_Init(ierr)
  u = 0.0d0
  call create_halo_types()
  call MPI_Type_free(east_west, ierr)
  call MPI_Type_free(north_south, ierr)
  call MPI_Finalize(ierr)
end program halo
