! ASSOCIATE names a component expression; the name is the count.
program associate_count
  use mpi
  implicit none
  type box
     integer :: lo(2), hi(2)
  end type box
  type(box) :: b
  integer :: rows, ierr
  call MPI_Init(ierr)
  b%lo = (/ 1, 1 /)
  b%hi = (/ 20, 12 /)
  associate (nx => b%hi(1) - b%lo(1) + 1, ny => b%hi(2) - b%lo(2) + 1)
    call MPI_Type_vector(ny, 2, nx, MPI_REAL, rows, ierr)
  end associate
  call MPI_Type_commit(rows, ierr)
  call MPI_Type_free(rows, ierr)
  call MPI_Finalize(ierr)
end program associate_count
