! ALLOCATE with known bounds: the sizes stay known after the statement, the allocated arrays
! have their bounds (a halo's lower bound 0, a column's stride, SIZE and UBOUND of them), and
! addresses of their elements are known relative to each other. After DEALLOCATE and a new
! ALLOCATE the array has the new bounds.
program allocate_halo_bounds
  use mpi
  implicit none
  integer :: n, m, ierr, stat
  real(8), allocatable :: u(:, :), line(:)
  integer :: column, interior, picked, again
  integer :: blens(2)
  integer(kind=MPI_ADDRESS_KIND) :: disps(2), first

  call MPI_Init(ierr)
  n = 12
  m = 5
  allocate(u(0:n+1, m), line(n), stat=stat)
  call MPI_Type_vector(m, 1, size(u, 1), MPI_DOUBLE_PRECISION, column, ierr)
  call MPI_Type_vector(m, n, ubound(u, 1) + 1, MPI_DOUBLE_PRECISION, interior, ierr)

  call MPI_Get_address(u(0, 1), first, ierr)
  call MPI_Get_address(u(1, 2), disps(1), ierr)
  call MPI_Get_address(u(n, m), disps(2), ierr)
  disps(1) = disps(1) - first
  disps(2) = disps(2) - first
  blens(1) = 2
  blens(2) = 1
  call MPI_Type_create_hindexed(2, blens, disps, MPI_DOUBLE_PRECISION, picked, ierr)

  deallocate(line)
  allocate(line(2*n))
  call MPI_Type_contiguous(size(line), MPI_DOUBLE_PRECISION, again, ierr)
  call MPI_Finalize(ierr)
end program allocate_halo_bounds
