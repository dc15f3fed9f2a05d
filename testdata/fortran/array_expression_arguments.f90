! Whole-array expressions as actual arguments: `displs * lens(1)` and `2 * displs + 1` are
! arrays of the same shape as displs, each element computed from displs' element at the same
! position (Fortran 2018, 10.1.5), and `displs + offs` pairs elements by position whatever
! the bounds; MPI reads the temporary array the compiler passes.
program array_expression_arguments
  use mpi
  implicit none
  integer :: displs(4), lens(4), offs(0:3), t1, t2, t3, ierr, i
  call MPI_Init(ierr)
  lens = 3
  displs = [0, 0, 10, 10]
  do i = 0, 3
    offs(i) = 5 * i
  end do
  call MPI_Type_indexed(4, lens, displs * lens(1), MPI_DOUBLE_PRECISION, t1, ierr)
  call MPI_Type_indexed(4, lens, 2 * displs + 1, MPI_REAL, t2, ierr)
  call MPI_Type_indexed(4, [(1, i = 1, 4)], displs + offs, MPI_INTEGER, t3, ierr)
  call MPI_Type_free(t1, ierr)
  call MPI_Type_free(t2, ierr)
  call MPI_Type_free(t3, ierr)
  call MPI_Finalize(ierr)
end program array_expression_arguments
