! SIZE, SHAPE, LEN, LBOUND and UBOUND of arrays of known shape; implied-DO array constructors
! (old and new style, nested); sections passed where MPI expects an array
! (`disp(2:)`, `blocklens(2:k)`, a column `table(:, 2)`; elements: array_element_arguments.f).
program array_inquiry_and_sections
  use mpi
  implicit none
  integer, parameter :: k = 4
  real(8) :: a(0:2, 7)
  character(len=9) :: label
  integer :: shp(2), blocklens(k), disp(k), table(k, 3), i, j, n, ierr
  integer :: whole, rows, text, bounded, strided, tail, from_column, pairs

  call MPI_Init(ierr)
  n = 3
  call MPI_Type_contiguous(size(a), MPI_DOUBLE_PRECISION, whole, ierr)
  shp = shape(a)
  call MPI_Type_vector(shp(2), 1, shp(1), MPI_DOUBLE_PRECISION, rows, ierr)
  call MPI_Type_contiguous(len(label), MPI_CHARACTER, text, ierr)
  call MPI_Type_vector(ubound(a, 2) - lbound(a, 2) + 1, 1, ubound(a, 1) + 1, &
                       MPI_DOUBLE_PRECISION, bounded, ierr)
  disp = (/ (i*n, i = 0, k-1) /)
  blocklens = [ (2, i = 1, k) ]
  call MPI_Type_indexed(k, blocklens, disp, MPI_DOUBLE_PRECISION, strided, ierr)
  call MPI_Type_indexed(k-1, blocklens(2:k), disp(2:), MPI_DOUBLE_PRECISION, tail, ierr)
  do j = 1, 3
     do i = 1, k
        table(i, j) = i + 10*j
     end do
  end do
  call MPI_Type_indexed(k, blocklens, table(:, 2), MPI_INTEGER, from_column, ierr)
  call MPI_Type_indexed(2, [1, 3], [ ((i + j, i = 0, 0), j = 4, 5) ], MPI_INTEGER, pairs, ierr)
  call MPI_Finalize(ierr)
end program array_inquiry_and_sections
