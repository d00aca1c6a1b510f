#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef struct ZSTD_DCtx_s ZSTD_DCtx; typedef struct ZSTD_CCtx_s ZSTD_CCtx;
typedef struct { const void* src; size_t size; size_t pos; } ZSTD_inBuffer;
typedef struct { void* dst; size_t size; size_t pos; } ZSTD_outBuffer;
typedef enum { ZSTD_e_continue=0, ZSTD_e_flush=1, ZSTD_e_end=2 } ZSTD_EndDirective;
size_t ZSTD_compress(void*, size_t, const void*, size_t, int);
size_t ZSTD_compressBound(size_t);
ZSTD_CCtx* ZSTD_createCCtx(void); size_t ZSTD_freeCCtx(ZSTD_CCtx*);
size_t ZSTD_CCtx_setParameter(ZSTD_CCtx*, int, int);
size_t ZSTD_compressStream2(ZSTD_CCtx*, ZSTD_outBuffer*, ZSTD_inBuffer*, ZSTD_EndDirective);
size_t ZSTD_compress2(ZSTD_CCtx*, void*, size_t, const void*, size_t);
ZSTD_DCtx* ZSTD_createDCtx(void); size_t ZSTD_freeDCtx(ZSTD_DCtx*);
size_t ZSTD_decompressDCtx(ZSTD_DCtx*, void*, size_t, const void*, size_t);
size_t ZSTD_decompressStream(ZSTD_DCtx*, ZSTD_outBuffer*, ZSTD_inBuffer*);
size_t ZSTD_DStreamOutSize(void);
unsigned ZSTD_isError(size_t);
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(int argc,char**argv){
  FILE*f=fopen(argv[1],"rb"); static char raw[1<<20]; size_t n=fread(raw,1,sizeof raw,f); fclose(f);
  int level=3; static char sized[1<<20], unsized[1<<20], out[1<<20]; static char sbuf[1<<18];
  size_t zs=ZSTD_compress(sized,sizeof sized,raw,n,level);
  ZSTD_CCtx*cc=ZSTD_createCCtx(); ZSTD_CCtx_setParameter(cc,100,level); /* ZSTD_c_compressionLevel=100 */
  ZSTD_outBuffer ob={unsized,sizeof unsized,0}; ZSTD_inBuffer ib={raw,n,0};
  while(ZSTD_compressStream2(cc,&ob,&ib,ZSTD_e_end)!=0){} size_t zu=ob.pos; ZSTD_freeCCtx(cc);
  int N=100000; volatile size_t sink=0;
  for(int r=0;r<5;r++){
    double t0=now();
    for(int i=0;i<N;i++){ZSTD_DCtx*d=ZSTD_createDCtx(); sink+=ZSTD_decompressDCtx(d,out,n,sized,zs); ZSTD_freeDCtx(d);}
    double t1=now();
    for(int i=0;i<N;i++){ZSTD_DCtx*d=ZSTD_createDCtx(); ZSTD_inBuffer in={unsized,zu,0}; size_t tot=0;
      for(;;){ZSTD_outBuffer o={sbuf,sizeof sbuf,0}; size_t rc=ZSTD_decompressStream(d,&o,&in); memcpy(out+tot,sbuf,o.pos); tot+=o.pos; if(rc==0||ZSTD_isError(rc))break;}
      sink+=tot; ZSTD_freeDCtx(d);}
    double t2=now();
    ZSTD_DCtx*d=ZSTD_createDCtx();
    for(int i=0;i<N;i++){sink+=ZSTD_decompressDCtx(d,out,n,sized,zs);} ZSTD_freeDCtx(d);
    double t3=now();
    for(int i=0;i<N;i++){ZSTD_DCtx*d2=ZSTD_createDCtx(); ZSTD_inBuffer in={sized,zs,0}; ZSTD_outBuffer o={out,n,0}; sink+=ZSTD_decompressStream(d2,&o,&in)+o.pos; ZSTD_freeDCtx(d2);}
    double t4=now();
    printf("perCall one-shot %.2f us | perCall stream (unsized frame, 256KB out buf) %.2f us | reused one-shot %.2f us | perCall stream into exact out %.2f us\n",(t1-t0)/1e3/N,(t2-t1)/1e3/N,(t3-t2)/1e3/N,(t4-t3)/1e3/N);
  }
  return 0;}
