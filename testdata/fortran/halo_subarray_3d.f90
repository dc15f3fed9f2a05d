! 3-D halo planes as in 2decomp&fft's halo code: one subarray per face, order Fortran.
program halo3d
  use mpi
  implicit none
  integer, parameter :: n1 = 32, n2 = 24, n3 = 16, level = 1
  integer :: sizes(3), subsizes(3), starts(3), ierr, k
  integer :: faces(3)
  call MPI_Init(ierr)
  sizes = (/ n1 + 2*level, n2 + 2*level, n3 + 2*level /)
  do k = 1, 3
     subsizes = sizes
     subsizes(k) = level
     starts = 0
     starts(k) = level
     if (k == 1) then
        call MPI_Type_create_subarray(3, sizes, subsizes, starts, &
             MPI_ORDER_FORTRAN, MPI_REAL8, faces(1), ierr)
     else if (k == 2) then
        call MPI_Type_create_subarray(3, sizes, subsizes, starts, &
             MPI_ORDER_FORTRAN, MPI_REAL8, faces(2), ierr)
     else
        call MPI_Type_create_subarray(3, sizes, subsizes, starts, &
             MPI_ORDER_FORTRAN, MPI_REAL8, faces(3), ierr)
     end if
  end do
  do k = 1, 3
     call MPI_Type_commit(faces(k), ierr)
  end do
  call MPI_Finalize(ierr)
end program halo3d
