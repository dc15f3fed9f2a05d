! mpi_f08: the x-y interior plane of a 3-D block with ghost layers, Fortran order.
program subarray3d_f08
  use mpi_f08
  implicit none
  integer, parameter :: nx = 10, ny = 8, nz = 6, g = 2
  integer :: sizes(3), subsizes(3), starts(3)
  type(MPI_Datatype) :: plane
  real(kind=8), allocatable :: q(:, :, :)
  call MPI_Init()
  sizes = [nx + 2*g, ny + 2*g, nz + 2*g]
  subsizes = [nx, ny, 1]
  starts = [g, g, g]
  call MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_FORTRAN, &
                                MPI_DOUBLE_PRECISION, plane)
  call MPI_Type_commit(plane)
  allocate(q(nx + 2*g, ny + 2*g, nz + 2*g))
  q = 0.0d0
  call MPI_Bcast(q, 1, plane, 0, MPI_COMM_WORLD)
  deallocate(q)
  call MPI_Type_free(plane)
  call MPI_Finalize()
end program subarray3d_f08
