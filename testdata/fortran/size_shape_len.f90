! SIZE, SHAPE and LEN of arrays and strings with declared shapes as counts.
program size_shape_len
  use mpi
  implicit none
  real :: grid(12, 8, 3)
  character(len=24) :: title
  integer :: dims(3), plane, whole, text, ierr
  call MPI_Init(ierr)
  grid = 0.0
  title = 'run'
  dims = shape(grid)
  call MPI_Type_vector(dims(2), dims(1), dims(1), MPI_REAL, plane, ierr)
  call MPI_Type_contiguous(size(grid), MPI_REAL, whole, ierr)
  call MPI_Type_contiguous(len(title), MPI_CHARACTER, text, ierr)
  call MPI_Type_free(plane, ierr)
  call MPI_Type_free(whole, ierr)
  call MPI_Type_free(text, ierr)
  call MPI_Finalize(ierr)
end program size_shape_len
