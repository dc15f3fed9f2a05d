! Not a finding: MPI_TYPE_CREATE_F90_REAL returns a predefined datatype, used
! without a commit and never freed by the program.
program f90_parameterized_types
  use mpi
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 300)
  real(dp) :: a(8), b(8)
  integer :: real_dp, rank, ierr

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  a = 1.0_dp
  call MPI_TYPE_CREATE_F90_REAL(15, 300, real_dp, ierr)
  call MPI_SENDRECV(a, 8, real_dp, rank, 0, b, 8, real_dp, rank, 0, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  print *, rank, b(8)
  call MPI_FINALIZE(ierr)
end program f90_parameterized_types
