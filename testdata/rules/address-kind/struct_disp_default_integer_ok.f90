! address-kind, corrected twin of struct_disp_default_integer.f90: the
! displacement array is INTEGER(KIND=MPI_ADDRESS_KIND).
program struct_disp_default_integer_ok
  implicit none
  include 'mpif.h'
  type particle
     sequence
     double precision :: x(3)
     double precision :: m
     integer :: id
     integer :: owner
  end type particle
  integer, parameter :: np = 64
  type(particle) :: p(np)
  integer :: tmp, ptype, rank, ierr, i
  integer :: blocklens(3), types(3)
  integer(kind=MPI_ADDRESS_KIND) :: disp(3)
  integer(kind=MPI_ADDRESS_KIND) :: addr(3), base, next

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, np
     p(i)%x = dble(i)
     p(i)%m = 1.0d0
     p(i)%id = i
     p(i)%owner = 0
  end do

  call MPI_GET_ADDRESS(p(1)%x(1), addr(1), ierr)
  call MPI_GET_ADDRESS(p(1)%m, addr(2), ierr)
  call MPI_GET_ADDRESS(p(1)%id, addr(3), ierr)
  call MPI_GET_ADDRESS(p(2)%x(1), next, ierr)
  base = addr(1)
  do i = 1, 3
     disp(i) = addr(i) - base
  end do
  blocklens = (/ 3, 1, 2 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_INTEGER /)
  call MPI_TYPE_CREATE_STRUCT(3, blocklens, disp, types, tmp, ierr)
  call MPI_TYPE_CREATE_RESIZED(tmp, 0_MPI_ADDRESS_KIND, next - base, ptype, ierr)
  call MPI_TYPE_FREE(tmp, ierr)
  call MPI_TYPE_COMMIT(ptype, ierr)

  call MPI_BCAST(p, np, ptype, 0, MPI_COMM_WORLD, ierr)
  print *, rank, p(np)%id

  call MPI_TYPE_FREE(ptype, ierr)
  call MPI_FINALIZE(ierr)
end program struct_disp_default_integer_ok
