! CP2K style: the handle and its length kept in a derived type; an indexed type picks
! sub-blocks of a matrix, built by a routine that fills the descriptor.
module message_passing_like
  use mpi
  implicit none
  type mp_type_descriptor
     integer :: type_handle
     integer :: length
  end type mp_type_descriptor
contains
  function mp_type_indexed_make(count, lengths, displs) result(desc)
    integer, intent(in) :: count, lengths(count), displs(count)
    type(mp_type_descriptor) :: desc
    integer :: ierr
    call MPI_Type_indexed(count, lengths, displs, MPI_DOUBLE_PRECISION, &
                          desc%type_handle, ierr)
    call MPI_Type_commit(desc%type_handle, ierr)
    desc%length = sum(lengths)
  end function mp_type_indexed_make
end module message_passing_like

program cp2k_desc
  use message_passing_like
  implicit none
  type(mp_type_descriptor) :: blocks
  integer :: lens(3), offs(3), ierr
  call MPI_Init(ierr)
  lens = (/ 4, 4, 2 /)
  offs = (/ 0, 10, 20 /)
  blocks = mp_type_indexed_make(3, lens, offs)
  call MPI_Type_free(blocks%type_handle, ierr)
  call MPI_Finalize(ierr)
end program cp2k_desc
