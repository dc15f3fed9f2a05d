C Not a finding: the displacements come from an include that is not there (a build step
C generates it), which may declare them as an array of any length: the count cannot be
C compared with it.
      program main
      implicit none
      include 'mpif.h'
      integer ierr, i, t
      include 'generated_aints.h'
      integer blocklens(10)
      call mpi_init(ierr)
      do i = 1, 10
         blocklens(i) = 1
         aintv(i) = (i - 1) * 12
      enddo
      call mpi_type_create_hindexed(10, blocklens, aintv,
     &                              MPI_INTEGER, t, ierr)
      call mpi_type_free(t, ierr)
      call mpi_finalize(ierr)
      end
