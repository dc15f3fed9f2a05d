! Element addresses in an array with lower bounds 0 (a field with one ghost layer): the
! interior's first element and a corner, relative to the array's start.
program zero_lower_bounds
  use mpi
  implicit none
  integer, parameter :: nx = 6, ny = 4
  real(kind=8) :: a(0:nx+1, 0:ny+1)
  integer(kind=MPI_ADDRESS_KIND) :: base, first, corner, lb
  integer :: interior, row, ierr
  call MPI_Init(ierr)
  a = 0.0d0
  call MPI_Get_address(a, base, ierr)
  call MPI_Get_address(a(1, 1), first, ierr)
  call MPI_Get_address(a(nx+1, 0), corner, ierr)
  call MPI_Type_vector(ny, nx, nx + 2, MPI_DOUBLE_PRECISION, row, ierr)
  lb = first - base
  call MPI_Type_create_resized(row, -lb, corner - base + 8, interior, ierr)
  call MPI_Type_commit(interior, ierr)
  call MPI_Type_free(interior, ierr)
  call MPI_Type_free(row, ierr)
  call MPI_Finalize(ierr)
end program zero_lower_bounds
