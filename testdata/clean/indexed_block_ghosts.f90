! Unstructured-mesh ghost update: the local indices of the values a
! neighbour needs (1-based in Fortran) are converted to 0-based
! displacements for MPI_TYPE_CREATE_INDEXED_BLOCK.
program indexed_block_ghosts
  use mpi
  implicit none
  integer, parameter :: nloc = 60, nsend = 8
  double precision :: x(nloc), ghosts(nsend)
  integer :: sendlist(nsend), displs(nsend)
  integer :: sendtype, rank, ierr, k

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do k = 1, nloc
     x(k) = dble(k)
  end do
  sendlist = (/ 1, 4, 9, 16, 25, 36, 49, 60 /)
  do k = 1, nsend
     displs(k) = sendlist(k) - 1
  end do

  call MPI_TYPE_CREATE_INDEXED_BLOCK(nsend, 1, displs, MPI_DOUBLE_PRECISION, sendtype, ierr)
  call MPI_TYPE_COMMIT(sendtype, ierr)
  call MPI_SENDRECV(x, 1, sendtype, rank, 0, ghosts, nsend, MPI_DOUBLE_PRECISION, rank, 0, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  print *, rank, ghosts(nsend)

  call MPI_TYPE_FREE(sendtype, ierr)
  call MPI_FINALIZE(ierr)
end program indexed_block_ghosts
