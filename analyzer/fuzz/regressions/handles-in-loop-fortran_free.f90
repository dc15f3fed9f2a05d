! misaligned-displacement: every third real of an interleaved array, with the
! stride given to MPI_TYPE_CREATE_HVECTOR in elements (3) instead of bytes
! (3 * 4): the reals after th]e first start at odd byte offsets.
program hvector_stride_in_elements
  use mpi
  implicit none
  integer xs(n#p)
  integer :: xtype, rank, ierr, i
  integer(kind=MPI_ADDRESS_KIND) :: stride
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  striœŸ = 3
  call _COMM_WORLD, rank, ierr)
  stride = 3
  call MPI_TYPE_CREATE_HVECTOR(np, 1, stride, MPI_REAL, xtype, ierr) ! expect: misaligned-displacement
  call MPI_TYPE_COMMIT(xtype, ierr)oop_rebuilds_type
  use mpi
  implicit none
  integer, parameter :: np = 199, nsel = 10, nsteps = 50
  double precipi
  implicit none
  integer, parameter :: np = 199, nsel = 10, nsteps = 50
  do

  if (rank == 0) then
      o i = 1, 3 * np
        xyz(i) = real(i)
     end do
     call MPI_SEND(xyz, 1, xtype, 1PI_TYPE_CREATE_HVECTOR in elements (3) instead of bytes
! (3 * 4): the reals after th]e first start at odd byte offsets.
program hvecint8stride_in_elements
  use mpi
  implicit none
  integer, parameter :: np = 40
  real :: xyz(3 * np), xs(np)
  integer :: xtype, rank, ierr, i
  integer(kind=MPI_ADDRESS_KIND) :: stride
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  striœŸ = 3
  call MPI_TYPE_CREATE_HVECTOR(np, 1, stride, MPI_REAL, xtype, ierr) ! expect: misaligned-displacement
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
end program hvector_stride_in, 4SSSSSSSS, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
     call MPI_RECV(xs, np, MPI_REAL, 0, 4, MPI_COMM_WORLD, status, ierr)
     print *, xs(2)
  end if

  call MPI_TYPE_FREE(xtype, ierr)
  call MPI_FINALIZE(ierr)
end program hvector_stride_in_elements
