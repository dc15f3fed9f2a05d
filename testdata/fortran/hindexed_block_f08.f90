! mpi_f08: MPI_TYPE_CREATE_HINDEXED_BLOCK with byte displacements of whole records.
program hindexed_block
  use mpi_f08
  implicit none
  integer(kind=MPI_ADDRESS_KIND) :: displs(4)
  type(MPI_Datatype) :: picks
  integer :: i
  integer(kind=8) :: recs(3, 20)
  call MPI_Init()
  do i = 1, 4
     displs(i) = int(24 * (4*i - 3), MPI_ADDRESS_KIND)
  end do
  recs = 0_8
  call MPI_Type_create_hindexed_block(4, 3, displs, MPI_INTEGER8, picks)
  call MPI_Type_commit(picks)
  call MPI_Bcast(recs, 1, picks, 0, MPI_COMM_WORLD)
  call MPI_Type_free(picks)
  call MPI_Finalize()
end program hindexed_block
