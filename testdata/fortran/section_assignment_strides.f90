! Section assignments with a stride, a reversed section, a right side that reads the section it
! writes (every value is read before any is written), a whole array as an operand, and a
! section of a component.
program section_strides
  use mpi
  implicit none
  type box
     integer :: lo(3)
  end type box
  type(box) :: b
  integer :: lens(6), disps(6), steps(3), t, v, ierr
  call MPI_Init(ierr)
  lens = 1
  lens(2:6:2) = 2
  steps = (/ 3, 5, 7 /)
  disps(1) = 0
  disps(6:2:-1) = (/ 50, 40, 30, 20, 10 /)
  disps(3:5) = disps(2:4) + steps
  call MPI_Type_indexed(6, lens, disps, MPI_REAL, t, ierr)
  b%lo = 2
  b%lo(2:3) = (/ 3, 5 /)
  call MPI_Type_vector(b%lo(1), b%lo(2), b%lo(3), MPI_REAL, v, ierr)
  call MPI_Type_free(v, ierr)
  call MPI_Type_free(t, ierr)
  call MPI_Finalize(ierr)
end program section_strides
