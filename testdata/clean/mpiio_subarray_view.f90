! Parallel output of a 2-D field: each rank owns an nx x ny block of the
! global array (1-D decomposition along y) and sets a subarray file view;
! the local interior is selected from the array with ghost cells by a
! second subarray type.
program mpiio_subarray_view
  use mpi
  implicit none
  integer, parameter :: nx = 32, ny = 8
  real :: u(0:nx + 1, 0:ny + 1)
  integer :: rank, nprocs, ierr, fh, filetype, memtype
  integer :: gsizes(2), lsizes(2), gstarts(2), msizes(2), mstarts(2)
  integer(kind=MPI_OFFSET_KIND) :: disp

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  u = real(rank)

  gsizes = (/ nx, ny * nprocs /)
  lsizes = (/ nx, ny /)
  gstarts = (/ 0, ny * rank /)
  call MPI_TYPE_CREATE_SUBARRAY(2, gsizes, lsizes, gstarts, MPI_ORDER_FORTRAN, MPI_REAL, filetype, ierr)
  call MPI_TYPE_COMMIT(filetype, ierr)
  msizes = (/ nx + 2, ny + 2 /)
  mstarts = (/ 1, 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, msizes, lsizes, mstarts, MPI_ORDER_FORTRAN, MPI_REAL, memtype, ierr)
  call MPI_TYPE_COMMIT(memtype, ierr)

  disp = 0
  call MPI_FILE_OPEN(MPI_COMM_WORLD, 'field.dat', MPI_MODE_CREATE + MPI_MODE_WRONLY, MPI_INFO_NULL, fh, ierr)
  call MPI_FILE_SET_VIEW(fh, disp, MPI_REAL, filetype, 'native', MPI_INFO_NULL, ierr)
  call MPI_FILE_WRITE_ALL(fh, u, 1, memtype, MPI_STATUS_IGNORE, ierr)
  call MPI_FILE_CLOSE(fh, ierr)

  call MPI_TYPE_FREE(memtype, ierr)
  call MPI_TYPE_FREE(filetype, ierr)
  call MPI_FINALIZE(ierr)
end program mpiio_subarray_view
