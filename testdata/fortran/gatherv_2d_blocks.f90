! Gathering 2-D blocks into a global matrix: a subarray resized to one element, so that the
! displacements of GATHERV count elements.
program gather_blocks
  use mpi
  implicit none
  integer, parameter :: gn = 8, bn = 4
  real :: global(gn, gn), local(bn, bn)
  integer :: blocktype, resized, rank, nprocs, ierr
  integer :: sizes(2), subsizes(2), starts(2)
  integer, allocatable :: counts(:), displs(:)
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  sizes = (/ gn, gn /)
  subsizes = (/ bn, bn /)
  starts = (/ 0, 0 /)
  call MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_REAL, &
                                blocktype, ierr)
  lb = 0
  extent = 4
  call MPI_Type_create_resized(blocktype, lb, extent, resized, ierr)
  call MPI_Type_commit(resized, ierr)
  allocate(counts(nprocs), displs(nprocs))
  counts = 1
  displs = 0
  local = real(rank)
  global = 0.0
  call MPI_Gatherv(local, bn*bn, MPI_REAL, global, counts, displs, resized, 0, &
                   MPI_COMM_WORLD, ierr)
  call MPI_Type_free(resized, ierr)
  call MPI_Type_free(blocktype, ierr)
  call MPI_Finalize(ierr)
end program gather_blocks
