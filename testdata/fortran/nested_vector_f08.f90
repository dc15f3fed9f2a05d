! mpi_f08: a vector of vectors, the x-z face of a 3-D array.
program nested_vector
  use mpi_f08
  implicit none
  integer, parameter :: nx = 12, ny = 9, nz = 7
  real :: a(nx, ny, nz)
  type(MPI_Datatype) :: xline, xzface
  call MPI_Init()
  a = 0.0
  call MPI_Type_contiguous(nx, MPI_REAL, xline)
  call MPI_Type_create_hvector(nz, 1, int(4*nx*ny, MPI_ADDRESS_KIND), xline, xzface)
  call MPI_Type_commit(xzface)
  call MPI_Bcast(a, 1, xzface, 0, MPI_COMM_WORLD)
  call MPI_Type_free(xzface)
  call MPI_Type_free(xline)
  call MPI_Finalize()
end program nested_vector
