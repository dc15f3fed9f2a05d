! Positional arguments first, keywords after (mpi_f08): a subarray of the interior of a
! 2-D field with one ghost layer.
program keyword_mix
  use mpi_f08
  implicit none
  integer, parameter :: nx = 16, ny = 12
  real(kind=8) :: u(0:nx+1, 0:ny+1)
  type(MPI_Datatype) :: interior
  call MPI_Init()
  u = 0.0d0
  call MPI_Type_create_subarray(2, [nx+2, ny+2], [nx, ny], [1, 1], &
                                order=MPI_ORDER_FORTRAN, oldtype=MPI_DOUBLE_PRECISION, &
                                newtype=interior)
  call MPI_Type_commit(interior)
  call MPI_Bcast(u, 1, interior, 0, MPI_COMM_WORLD)
  call MPI_Type_free(interior)
  call MPI_Finalize()
end program keyword_mix
