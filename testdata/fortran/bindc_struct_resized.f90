! A BIND(C) particle: displacements measured with MPI_Get_address, then resized to the
! element stride of the array.
program particles
  use mpi
  use iso_c_binding
  implicit none
  type, bind(c) :: particle
     real(c_double) :: pos(3)
     integer(c_int) :: id
     real(c_float) :: mass
  end type particle
  type(particle) :: p(10)
  integer :: blocks(3), types(3), ptype, resized, ierr
  integer(kind=MPI_ADDRESS_KIND) :: disps(3), base, lb, extent
  call MPI_Init(ierr)
  call MPI_Get_address(p(1), base, ierr)
  call MPI_Get_address(p(1)%pos, disps(1), ierr)
  call MPI_Get_address(p(1)%id, disps(2), ierr)
  call MPI_Get_address(p(1)%mass, disps(3), ierr)
  disps = disps - base
  blocks = (/ 3, 1, 1 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_INTEGER, MPI_REAL /)
  call MPI_Type_create_struct(3, blocks, disps, types, ptype, ierr)
  call MPI_Get_address(p(2), extent, ierr)
  extent = extent - base
  lb = 0
  call MPI_Type_create_resized(ptype, lb, extent, resized, ierr)
  call MPI_Type_commit(resized, ierr)
  call MPI_Finalize(ierr)
end program particles
