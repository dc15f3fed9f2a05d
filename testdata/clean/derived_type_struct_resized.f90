! A Fortran derived type sent as an array: displacements from
! MPI_GET_ADDRESS relative to the first component, the extent set to the
! distance between p(1) and p(2) with MPI_TYPE_CREATE_RESIZED, all address
! arithmetic in INTEGER(KIND=MPI_ADDRESS_KIND).
program derived_type_struct_resized
  use mpi
  implicit none
  type particle
     double precision :: x(3)
     double precision :: v(3)
     integer :: id
     character(len=4) :: tag
  end type particle
  integer, parameter :: np = 80
  type(particle) :: p(np)
  integer :: tmp, ptype, rank, ierr, i
  integer :: blocklens(4), types(4)
  integer(kind=MPI_ADDRESS_KIND) :: disps(4), base, next

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
     do i = 1, np
        p(i)%x = dble(i)
        p(i)%v = 0.0d0
        p(i)%id = i
        p(i)%tag = 'ion '
     end do
  end if

  call MPI_GET_ADDRESS(p(1)%x(1), base, ierr)
  call MPI_GET_ADDRESS(p(1)%v(1), disps(2), ierr)
  call MPI_GET_ADDRESS(p(1)%id, disps(3), ierr)
  call MPI_GET_ADDRESS(p(1)%tag, disps(4), ierr)
  call MPI_GET_ADDRESS(p(2)%x(1), next, ierr)
  disps(1) = 0
  disps(2:4) = disps(2:4) - base
  blocklens = (/ 3, 3, 1, 4 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_INTEGER, MPI_CHARACTER /)
  call MPI_TYPE_CREATE_STRUCT(4, blocklens, disps, types, tmp, ierr)
  call MPI_TYPE_CREATE_RESIZED(tmp, 0_MPI_ADDRESS_KIND, next - base, ptype, ierr)
  call MPI_TYPE_FREE(tmp, ierr)
  call MPI_TYPE_COMMIT(ptype, ierr)

  call MPI_BCAST(p, np, ptype, 0, MPI_COMM_WORLD, ierr)
  print *, rank, p(np)%id, p(np)%tag

  call MPI_TYPE_FREE(ptype, ierr)
  call MPI_FINALIZE(ierr)
end program derived_type_struct_resized
