! count-mismatch: a Fortran particle type got a fourth component (charge);
! the count passed to MPI_TYPE_CREATE_STRUCT is 4 but the description
! arrays are still dimensioned 3.
program struct_count4_arrays3
  use mpi
  implicit none
  type particle
     double precision :: x(3)
     double precision :: v(3)
     integer :: id
     double precision :: charge
  end type particle
  integer, parameter :: np = 50
  type(particle) :: p(np)
  integer :: tmp, ptype, rank, ierr, i
  integer :: blocklens(3), types(3)
  integer(kind=MPI_ADDRESS_KIND) :: disps(3), base, next

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, np
     p(i)%x = 0.0d0
     p(i)%v = 1.0d0
     p(i)%id = i
     p(i)%charge = -1.0d0
  end do

  call MPI_GET_ADDRESS(p(1)%x(1), base, ierr)
  call MPI_GET_ADDRESS(p(1)%v(1), disps(2), ierr)
  call MPI_GET_ADDRESS(p(1)%id, disps(3), ierr)
  call MPI_GET_ADDRESS(p(2)%x(1), next, ierr)
  disps(1) = 0
  disps(2) = disps(2) - base
  disps(3) = disps(3) - base
  blocklens = (/ 3, 3, 1 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_INTEGER /)
  call MPI_TYPE_CREATE_STRUCT(4, blocklens, disps, types, tmp, ierr) ! expect: count-mismatch
  call MPI_TYPE_CREATE_RESIZED(tmp, 0_MPI_ADDRESS_KIND, next - base, ptype, ierr)
  call MPI_TYPE_FREE(tmp, ierr)
  call MPI_TYPE_COMMIT(ptype, ierr)

  call MPI_BCAST(p, np, ptype, 0, MPI_COMM_WORLD, ierr)
  print *, rank, p(np)%id

  call MPI_TYPE_FREE(ptype, ierr)
  call MPI_FINALIZE(ierr)
end program struct_count4_arrays3
