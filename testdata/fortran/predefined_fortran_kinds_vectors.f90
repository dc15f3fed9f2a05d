! Vectors of the Fortran predefined types of other sizes: pairs, 1-byte integers, 16-byte
! reals and 32-byte complexes, logicals.
program predefined_kinds
  use mpi
  implicit none
  integer :: pairs, bytes1, quad, cquad, logic, ipairs, ierr
  call MPI_Init(ierr)
  call MPI_Type_vector(3, 2, 5, MPI_2DOUBLE_PRECISION, pairs, ierr)
  call MPI_Type_vector(3, 2, 5, MPI_INTEGER1, bytes1, ierr)
  call MPI_Type_vector(3, 2, 5, MPI_REAL16, quad, ierr)
  call MPI_Type_vector(3, 2, 5, MPI_COMPLEX32, cquad, ierr)
  call MPI_Type_vector(3, 2, 5, MPI_LOGICAL, logic, ierr)
  call MPI_Type_vector(3, 2, 5, MPI_2INTEGER, ipairs, ierr)
  call MPI_Type_free(pairs, ierr)
  call MPI_Type_free(bytes1, ierr)
  call MPI_Type_free(quad, ierr)
  call MPI_Type_free(cquad, ierr)
  call MPI_Type_free(logic, ierr)
  call MPI_Type_free(ipairs, ierr)
  call MPI_Finalize(ierr)
end program predefined_kinds
