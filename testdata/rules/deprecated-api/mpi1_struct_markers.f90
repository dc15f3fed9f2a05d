! deprecated-api: the MPI-1 way to give a one-field view of a cell the
! extent of the whole cell -- MPI_LB and MPI_UB markers around the field in
! an MPI_TYPE_STRUCT, so that an array of cells can be sent one temperature
! per cell.  MPI_TYPE_STRUCT and the markers were removed in MPI-3.0; the fix
! rewrites them as MPI_TYPE_CREATE_STRUCT of the field resized with
! MPI_TYPE_CREATE_RESIZED (lower bound 8, extent one cell).
program mpi1_struct_markers
  use mpi
  implicit none
  ! a cell is (pressure, temperature, density), REAL(8) each
  integer, parameter :: ncell = 64, cellsize = 3 * 8
  real(kind=8) :: cells(3, ncell), temps(ncell)
  integer :: blocklens(3), disps(3), types(3)
  integer :: temptype, rank, ierr, i
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, ncell
    cells(1, i) = 1.0d5
    cells(2, i) = 270.0d0 + i
    cells(3, i) = 1.2d0
  end do

  blocklens = (/ 1, 1, 1 /)
  disps = (/ 8, 8, 8 + cellsize /)
  types = (/ MPI_LB, MPI_DOUBLE_PRECISION, MPI_UB /) ! expect: deprecated-api, deprecated-api
  call MPI_TYPE_STRUCT(3, blocklens, disps, types, temptype, ierr) ! expect: deprecated-api
  call MPI_TYPE_COMMIT(temptype, ierr)

  call MPI_SENDRECV(cells, ncell, temptype, rank, 0, temps, ncell, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, temps(ncell)

  call MPI_TYPE_FREE(temptype, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_struct_markers
