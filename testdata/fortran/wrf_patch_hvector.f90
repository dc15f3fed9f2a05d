! WRF style: a 3-D patch (i, k, j order) exchanged with nested vectors, byte strides from
! MPI_TYPE_SIZE of the element type.
program wrf_patch
  use mpi
  implicit none
  integer, parameter :: ims = 1, ime = 20, kms = 1, kme = 10, jms = 1, jme = 16, nw = 3
  real :: field(ims:ime, kms:kme, jms:jme)
  integer :: typesize, ik_plane, strip, ierr
  integer(kind=MPI_ADDRESS_KIND) :: jstride
  call MPI_Init(ierr)
  field = 0.0
  call MPI_Type_size(MPI_REAL, typesize, ierr)
  call MPI_Type_vector(kme - kms + 1, nw, ime - ims + 1, MPI_REAL, ik_plane, ierr)
  jstride = int(typesize, MPI_ADDRESS_KIND) * (ime - ims + 1) * (kme - kms + 1)
  call MPI_Type_create_hvector(jme - jms + 1, 1, jstride, ik_plane, strip, ierr)
  call MPI_Type_commit(strip, ierr)
  call MPI_Bcast(field, 1, strip, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(strip, ierr)
  call MPI_Type_free(ik_plane, ierr)
  call MPI_Finalize(ierr)
end program wrf_patch
