#ifndef _CLIP_OPTIONS_H_
#define _CLIP_OPTIONS_H_
C     Build options of ifdef_if_then_across_groups.F. The guard is a name of the kind the
C     implementation reserves, which no compiler defines for a program's header.
#define CAN_CLIP
#undef  ALWAYS_CLIP
#define NCLIP 4
#endif /* _CLIP_OPTIONS_H_ */
