! extent-mismatch: finite-volume cells as a Fortran derived type (bind(c),
! so the layout is the C one).  The type describes rho and u(3) only; the
! 80-byte work array that follows is not covered, so the MPI type's extent
! is 32 instead of 112 and cells(2:) are taken from the wrong bytes.
program derived_type_no_resize
  use mpi
  use, intrinsic :: iso_c_binding, only: c_double
  implicit none
  type, bind(c) :: cell
     real(c_double) :: rho
     real(c_double) :: u(3)
     real(c_double) :: work(10)
  end type cell
  integer, parameter :: ncell = 64
  type(cell) :: cells(ncell)
  integer :: celltype, rank, ierr, i
  integer :: blocklens(2), types(2)
  integer(kind=MPI_ADDRESS_KIND) :: disps(2), base

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, ncell
     cells(i)%rho = 1.0d0
     cells(i)%u = 0.0d0
     cells(i)%work = 0.0d0
  end do

  call MPI_GET_ADDRESS(cells(1)%rho, base, ierr)
  call MPI_GET_ADDRESS(cells(1)%rho, disps(1), ierr)
  call MPI_GET_ADDRESS(cells(1)%u(1), disps(2), ierr)
  disps = disps - base
  blocklens = (/ 1, 3 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION /)
  call MPI_TYPE_CREATE_STRUCT(2, blocklens, disps, types, celltype, ierr)
  call MPI_TYPE_COMMIT(celltype, ierr)

  call MPI_BCAST(cells, ncell, celltype, 0, MPI_COMM_WORLD, ierr) ! expect: extent-mismatch
  print *, rank, cells(ncell)%rho

  call MPI_TYPE_FREE(celltype, ierr)
  call MPI_FINALIZE(ierr)
end program derived_type_no_resize
