C count-mismatch: the displacements are an array of the program's own declaration, five
C long, and the hindexed type reads ten of them.  (Its twin takes the array from an include
C that was not read, which may declare it with any length.)
      program main
      implicit none
      include 'mpif.h'
      integer ierr, i, t
      integer blocklens(10)
      integer (kind=MPI_ADDRESS_KIND) aintv(5)
      call mpi_init(ierr)
      do i = 1, 5
         blocklens(i) = 1
         aintv(i) = (i - 1) * 12
      enddo
      call mpi_type_create_hindexed(10, blocklens, aintv, ! expect: count-mismatch
     &                              MPI_INTEGER, t, ierr)
      call mpi_type_free(t, ierr)
      call mpi_finalize(ierr)
      end
