! misaligned-displacement, corrected twin of hvector_stride_in_elements.f90:
! the byte stride is 3 times the extent of MPI_REAL.
program hvector_stride_in_elements_ok
  use mpi
  implicit none
  integer, parameter :: np = 40
  real :: xyz(3 * np), xs(np)
  integer :: xtype, rank, ierr, i
  integer(kind=MPI_ADDRESS_KIND) :: stride, lb, realext
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_TYPE_GET_EXTENT(MPI_REAL, lb, realext, ierr)
  stride = 3 * realext
  call MPI_TYPE_CREATE_HVECTOR(np, 1, stride, MPI_REAL, xtype, ierr)
  call MPI_TYPE_COMMIT(xtype, ierr)

  if (rank == 0) then
     do i = 1, 3 * np
        xyz(i) = real(i)
     end do
     call MPI_SEND(xyz, 1, xtype, 1, 4, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
     call MPI_RECV(xs, np, MPI_REAL, 0, 4, MPI_COMM_WORLD, status, ierr)
     print *, xs(2)
  end if

  call MPI_TYPE_FREE(xtype, ierr)
  call MPI_FINALIZE(ierr)
end program hvector_stride_in_elements_ok
