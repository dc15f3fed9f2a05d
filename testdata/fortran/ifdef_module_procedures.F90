! Module procedures inside #ifdef groups after CONTAINS: cpp keeps the taken group's procedure
! and drops the other's, and so must the analysis (the other's constructor never runs).
#define HAVE_HALO
module halo_ifdef
  use mpi
  implicit none
  integer, parameter :: n = 8
contains
#ifdef HAVE_HALO
  subroutine build(t)
    integer, intent(out) :: t
    integer :: ierr
    call MPI_Type_vector(n, 2, n + 2, MPI_DOUBLE_PRECISION, t, ierr)
  end subroutine build
#else
  subroutine build(t)
    integer, intent(out) :: t
    integer :: ierr
    call MPI_Type_contiguous(n, MPI_INTEGER, t, ierr)
  end subroutine build
#endif
end module halo_ifdef

program ifdef_module_procedures
  use mpi
  use halo_ifdef
  implicit none
  integer :: t, ierr
  call MPI_Init(ierr)
  call build(t)
  call MPI_Type_free(t, ierr)
  call MPI_Finalize(ierr)
end program ifdef_module_procedures
