! One #if around a module's whole inside, its specification part, CONTAINS and procedures
! (as climate models write their MPI-only modules): cpp keeps it all when the macro is defined,
! and so must the analysis, although no parse tree holds CONTAINS inside a group.
#define WITH_MPI
module halo_parallel
#if defined( WITH_MPI )
  use mpi
  implicit none
  integer, parameter :: nlev = 5
contains
  subroutine build_column(t)
    integer, intent(out) :: t
    integer :: ierr
    call MPI_Type_vector(nlev, 3, 7, MPI_DOUBLE_PRECISION, t, ierr)
  end subroutine build_column
#endif
end module halo_parallel

program ifdef_module_spec_and_contains
  use mpi
  use halo_parallel
  implicit none
  integer :: t, ierr
  call MPI_Init(ierr)
  call build_column(t)
  call MPI_Type_free(t, ierr)
  call MPI_Finalize(ierr)
end program ifdef_module_spec_and_contains
