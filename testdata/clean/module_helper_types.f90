! Datatypes owned by a module: a set-up subroutine builds and commits the
! face types of a 3-D block and stores them in module variables; a
! clean-up subroutine frees them.  The main program uses them in between.
module halo_types
  use mpi
  implicit none
  integer, parameter :: nx = 12, ny = 10, nz = 8
  integer :: xface, yface

contains

  subroutine halo_types_create()
    integer :: ierr
    ! x-face a(1, :, :): ny*nz reals, stride nx
    call MPI_TYPE_VECTOR(ny * nz, 1, nx, MPI_DOUBLE_PRECISION, xface, ierr)
    call MPI_TYPE_COMMIT(xface, ierr)
    ! y-face a(:, 1, :): nz blocks of nx reals, stride nx*ny
    call MPI_TYPE_VECTOR(nz, nx, nx * ny, MPI_DOUBLE_PRECISION, yface, ierr)
    call MPI_TYPE_COMMIT(yface, ierr)
  end subroutine halo_types_create

  subroutine halo_types_free()
    integer :: ierr
    call MPI_TYPE_FREE(xface, ierr)
    call MPI_TYPE_FREE(yface, ierr)
  end subroutine halo_types_free

end module halo_types

program module_helper_types
  use mpi
  use halo_types
  implicit none
  double precision :: a(nx, ny, nz), fx(ny * nz), fy(nx * nz)
  integer :: rank, ierr

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  a = 1.0d0
  call halo_types_create()

  call MPI_SENDRECV(a(nx, 1, 1), 1, xface, rank, 1, fx, ny * nz, MPI_DOUBLE_PRECISION, rank, 1, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_SENDRECV(a(1, ny, 1), 1, yface, rank, 2, fy, nx * nz, MPI_DOUBLE_PRECISION, rank, 2, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  print *, rank, fx(1), fy(1)

  call halo_types_free()
  call MPI_FINALIZE(ierr)
end program module_helper_types
