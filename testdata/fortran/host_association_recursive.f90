! A recursive internal subroutine doubles its host's count on each level. The analysis follows
! the first call only; the recursive call it does not follow may change any variable of the
! host, so the count afterwards is unknown (not the 4 of the first level).
program host_recursive
  use mpi
  implicit none
  integer, parameter :: levels = 3
  integer :: n, grown, ierr
  call MPI_Init(ierr)
  n = 2
  call grow(levels)
  call MPI_Type_contiguous(n, MPI_REAL, grown, ierr)
  ! unknown: the recursive call of grow is not followed, and it may change n
  call MPI_Type_free(grown, ierr)
  call MPI_Finalize(ierr)
contains
  recursive subroutine grow(k)
    integer, intent(in) :: k
    if (k > 0) then
      n = n * 2
      call grow(k - 1)
    end if
  end subroutine grow
end program host_recursive
