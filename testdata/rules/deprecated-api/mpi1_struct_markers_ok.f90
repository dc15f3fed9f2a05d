! deprecated-api, corrected twin of mpi1_struct_markers.f90 as the fix writes
! it: the markers dropped from the arrays, MPI_TYPE_CREATE_STRUCT of the field
! into a temporary, MPI_TYPE_CREATE_RESIZED to lower bound 8 and one cell's
! extent, the displacements INTEGER(KIND=MPI_ADDRESS_KIND).
program mpi1_struct_markers_ok
  use mpi
  implicit none
  ! a cell is (pressure, temperature, density), REAL(8) each
  integer, parameter :: ncell = 64, cellsize = 3 * 8
  real(kind=8) :: cells(3, ncell), temps(ncell)
  integer :: blocklens(1), types(1)
  integer(kind=MPI_ADDRESS_KIND) :: disps(1)
  integer :: temptype, rank, ierr, i
  integer :: status(MPI_STATUS_SIZE)
  integer :: temptype_unresized

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, ncell
    cells(1, i) = 1.0d5
    cells(2, i) = 270.0d0 + i
    cells(3, i) = 1.2d0
  end do

  blocklens = (/ 1 /)
  disps = (/ 8 /)
  types = (/ MPI_DOUBLE_PRECISION /)
  call MPI_TYPE_CREATE_STRUCT(1, blocklens, disps, types, temptype_unresized, ierr)
  call MPI_TYPE_CREATE_RESIZED(temptype_unresized, 8_MPI_ADDRESS_KIND, int(8 + cellsize, MPI_ADDRESS_KIND) - 8_MPI_ADDRESS_KIND, &
      temptype, ierr)
  call MPI_TYPE_FREE(temptype_unresized, ierr)
  call MPI_TYPE_COMMIT(temptype, ierr)

  call MPI_SENDRECV(cells, ncell, temptype, rank, 0, temps, ncell, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, temps(ncell)

  call MPI_TYPE_FREE(temptype, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_struct_markers_ok
