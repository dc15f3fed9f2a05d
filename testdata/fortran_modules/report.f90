! What each program of this directory prints for a datatype: the values MPI computes, which
! analyzer/tests/fortran_modules.rs compares with the analysis of the program's main.f90.
module oracle_report
  use mpi
  implicit none
contains
  subroutine report(name, datatype)
    character(len=*), intent(in) :: name
    integer, intent(in) :: datatype
    integer :: size, ierr
    integer(kind=MPI_ADDRESS_KIND) :: lb, extent, true_lb, true_extent
    call MPI_Type_size(datatype, size, ierr)
    call MPI_Type_get_extent(datatype, lb, extent, ierr)
    call MPI_Type_get_true_extent(datatype, true_lb, true_extent, ierr)
    print '(A, 1X, A, 5(1X, I0))', 'ORACLE', name, size, lb, extent, true_lb, true_extent
  end subroutine report
end module oracle_report
