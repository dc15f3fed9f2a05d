! Queries on a type that is not committed: MPI_TYPE_SIZE and
! MPI_TYPE_GET_EXTENT / MPI_TYPE_GET_TRUE_EXTENT are legal before the
! commit and are used here to size a pack buffer; the type is committed
! before it is used to pack.
program query_extent_uncommitted
  use mpi
  implicit none
  integer, parameter :: n = 16
  real :: a(n, n)
  character, allocatable :: buf(:)
  integer :: diag, tsize, packsize, ipos, rank, ierr, i
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent, tlb, textent

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, n
     a(:, i) = real(i)
  end do

  ! the diagonal: n reals, stride n+1
  call MPI_TYPE_VECTOR(n, 1, n + 1, MPI_REAL, diag, ierr)
  call MPI_TYPE_SIZE(diag, tsize, ierr)
  call MPI_TYPE_GET_EXTENT(diag, lb, extent, ierr)
  call MPI_TYPE_GET_TRUE_EXTENT(diag, tlb, textent, ierr)
  print *, rank, tsize, extent, textent

  call MPI_TYPE_COMMIT(diag, ierr)
  call MPI_PACK_SIZE(1, diag, MPI_COMM_WORLD, packsize, ierr)
  allocate(buf(packsize))
  ipos = 0
  call MPI_PACK(a, 1, diag, buf, packsize, ipos, MPI_COMM_WORLD, ierr)
  print *, rank, ipos

  deallocate(buf)
  call MPI_TYPE_FREE(diag, ierr)
  call MPI_FINALIZE(ierr)
end program query_extent_uncommitted
