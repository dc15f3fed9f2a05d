! ASSOCIATE names of variables: a component written through its name, an element with a
! literal subscript that receives the new handle, and the value of an intrinsic reference.
! The second construct's element is chosen by a variable, which is not analysed.
program associate_variables
  use mpi
  implicit none
  type grid
     integer :: n(3)
     integer :: halo
  end type grid
  type(grid) :: g
  integer :: types(2), counts(3), picked, i, ierr
  real :: a(10, 4)
  call MPI_Init(ierr)
  a = 0.0
  g%n = (/ 10, 4, 1 /)
  g%halo = 1
  associate (h => g%halo, nx => g%n(1), t => types(1), cols => size(a, 2))
    h = h + 1
    call MPI_Type_vector(cols, nx - 2*h, nx, MPI_REAL, t, ierr)
  end associate
  call MPI_Type_commit(types(1), ierr)
  call MPI_Type_contiguous(g%halo, types(1), types(2), ierr)
  call MPI_Type_free(types(2), ierr)
  call MPI_Type_free(types(1), ierr)
  counts = (/ 3, 5, 7 /)
  i = 2
  associate (c => counts(i))
    call MPI_Type_contiguous(c, MPI_INTEGER, picked, ierr)
    ! unknown: an ASSOCIATE whose selector has a variable subscript is not analysed
  end associate
  call MPI_Type_free(picked, ierr)
  call MPI_Finalize(ierr)
end program associate_variables
