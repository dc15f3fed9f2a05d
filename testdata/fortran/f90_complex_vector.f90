! MPI_TYPE_CREATE_F90_COMPLEX with a SELECTED_REAL_KIND(15, 307) precision; a vector over
! the diagonal of a complex matrix.
program f90_complex
  use mpi
  implicit none
  integer, parameter :: p = 15, r = 307, dp = selected_real_kind(p, r), n = 12
  complex(kind=dp) :: z(n, n)
  integer :: zt, diag, ierr
  call MPI_Init(ierr)
  z = (0.0_dp, 1.0_dp)
  call MPI_Type_create_f90_complex(p, r, zt, ierr)
  call MPI_Type_vector(n, 1, n + 1, zt, diag, ierr)
  call MPI_Type_commit(diag, ierr)
  call MPI_Bcast(z, 1, diag, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(diag, ierr)
  call MPI_Finalize(ierr)
end program f90_complex
