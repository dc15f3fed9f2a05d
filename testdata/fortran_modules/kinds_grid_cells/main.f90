! Halo and particle types from parameters, kinds and a derived type of two other files.
program kinds_grid_cells
  use mpi
  use grid
  use oracle_report
  implicit none
  integer :: column, row, halo_rows, particle, ierr
  integer :: lengths(3), types(3)
  integer(kind=MPI_ADDRESS_KIND) :: stride, displacements(3)
  type(cell) :: cells(4)

  call MPI_Init(ierr)
  call MPI_Type_vector(ny, 1, ldx, MPI_DOUBLE_PRECISION, column, ierr)
  call MPI_Type_contiguous(nx, MPI_DOUBLE_PRECISION, row, ierr)
  stride = ldx * dp
  call MPI_Type_create_hvector(halo, 1, stride, row, halo_rows, ierr)
  lengths = [3, 1, 1]
  displacements = [0_MPI_ADDRESS_KIND, int(3*dp, MPI_ADDRESS_KIND), int(3*dp + 4, MPI_ADDRESS_KIND)]
  types = [MPI_DOUBLE_PRECISION, MPI_INTEGER, MPI_REAL]
  call MPI_Type_create_struct(3, lengths, displacements, types, particle, ierr)
  call report('column', column)
  call report('row', row)
  call report('halo_rows', halo_rows)
  call report('particle', particle)
  cells%id = 0
  field = 0.0_dp
  call MPI_Type_free(column, ierr)
  call MPI_Type_free(row, ierr)
  call MPI_Type_free(halo_rows, ierr)
  call MPI_Type_free(particle, ierr)
  call MPI_Finalize(ierr)
end program kinds_grid_cells
