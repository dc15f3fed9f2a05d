! 2-D halo exchange on a Cartesian communicator, Fortran order: the ghost
! and boundary columns/rows of u(0:nx+1, 0:ny+1) are subarray types
! (0-based starts, MPI_ORDER_FORTRAN), committed once and freed at the end.
program halo_subarray_cart
  use mpi
  implicit none
  integer, parameter :: nx = 24, ny = 16
  double precision :: u(0:nx + 1, 0:ny + 1)
  integer :: cart, rank, nprocs, ierr, it
  integer :: dims(2), west, east, south, north
  logical :: periods(2)
  integer :: sizes(2), colsub(2), rowsub(2), starts(2)
  integer :: send_w, send_e, recv_w, recv_e, send_s, send_n, recv_s, recv_n

  call MPI_INIT(ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  dims = 0
  periods = .true.
  call MPI_DIMS_CREATE(nprocs, 2, dims, ierr)
  call MPI_CART_CREATE(MPI_COMM_WORLD, 2, dims, periods, .true., cart, ierr)
  call MPI_COMM_RANK(cart, rank, ierr)
  call MPI_CART_SHIFT(cart, 0, 1, west, east, ierr)
  call MPI_CART_SHIFT(cart, 1, 1, south, north, ierr)

  sizes = (/ nx + 2, ny + 2 /)
  colsub = (/ 1, ny /)
  rowsub = (/ nx, 1 /)
  starts = (/ 1, 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, colsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, send_w, ierr)
  starts = (/ nx, 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, colsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, send_e, ierr)
  starts = (/ 0, 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, colsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, recv_w, ierr)
  starts = (/ nx + 1, 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, colsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, recv_e, ierr)
  starts = (/ 1, 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, rowsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, send_s, ierr)
  starts = (/ 1, ny /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, rowsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, send_n, ierr)
  starts = (/ 1, 0 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, rowsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, recv_s, ierr)
  starts = (/ 1, ny + 1 /)
  call MPI_TYPE_CREATE_SUBARRAY(2, sizes, rowsub, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, recv_n, ierr)
  call MPI_TYPE_COMMIT(send_w, ierr)
  call MPI_TYPE_COMMIT(send_e, ierr)
  call MPI_TYPE_COMMIT(recv_w, ierr)
  call MPI_TYPE_COMMIT(recv_e, ierr)
  call MPI_TYPE_COMMIT(send_s, ierr)
  call MPI_TYPE_COMMIT(send_n, ierr)
  call MPI_TYPE_COMMIT(recv_s, ierr)
  call MPI_TYPE_COMMIT(recv_n, ierr)

  u = dble(rank)
  do it = 1, 3
     call MPI_SENDRECV(u, 1, send_w, west, 1, u, 1, recv_e, east, 1, cart, MPI_STATUS_IGNORE, ierr)
     call MPI_SENDRECV(u, 1, send_e, east, 2, u, 1, recv_w, west, 2, cart, MPI_STATUS_IGNORE, ierr)
     call MPI_SENDRECV(u, 1, send_s, south, 3, u, 1, recv_n, north, 3, cart, MPI_STATUS_IGNORE, ierr)
     call MPI_SENDRECV(u, 1, send_n, north, 4, u, 1, recv_s, south, 4, cart, MPI_STATUS_IGNORE, ierr)
  end do
  print *, rank, u(0, 1), u(1, 0)

  call MPI_TYPE_FREE(send_w, ierr)
  call MPI_TYPE_FREE(send_e, ierr)
  call MPI_TYPE_FREE(recv_w, ierr)
  call MPI_TYPE_FREE(recv_e, ierr)
  call MPI_TYPE_FREE(send_s, ierr)
  call MPI_TYPE_FREE(send_n, ierr)
  call MPI_TYPE_FREE(recv_s, ierr)
  call MPI_TYPE_FREE(recv_n, ierr)
  call MPI_COMM_FREE(cart, ierr)
  call MPI_FINALIZE(ierr)
end program halo_subarray_cart
